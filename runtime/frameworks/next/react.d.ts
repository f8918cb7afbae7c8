// quire/next renders a few elements with the app's own React (an optional peer, so its types are not installed
// here). Shorthand declaration: `import("react")` type-checks as `any`; the emitted declarations never mention it.
declare module "react";
