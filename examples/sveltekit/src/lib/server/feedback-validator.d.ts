declare module "*/_docs/feedback-validator.mjs" {
  const validate: import("quire/runtime").FeedbackValidator;
  export default validate;
}
