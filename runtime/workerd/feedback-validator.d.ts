/** The build's compiled validator, aliased at bundle time (see worker.ts and wrangler.toml). */
declare module "quire-feedback-validator" {
  const validate: import("../routes/context.ts").FeedbackValidator;
  export default validate;
}
