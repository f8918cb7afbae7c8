declare module "quire-feedback-validator" {
  import type { FeedbackValidator } from "quire/runtime";
  const validate: FeedbackValidator;
  export default validate;
}
