/**
 * Golden queries over fixtures/example (snapshots/example): what a reader would type → the section that answers it.
 * Worded as questions people ask, not as the headings, so they measure the ranking rather than string equality.
 */
import type { GoldenQuery } from "./relevance.ts";

export const EXAMPLE_GOLDEN_QUERIES: GoldenQuery[] = [
  { query: "dead letter queue", expected: "concepts/retries-and-backoff#dead-letter-queues" },
  { query: "exponential backoff", expected: "concepts/retries-and-backoff#backoff-strategies" },
  {
    query: "stop retrying a job that can never succeed",
    expected: "concepts/retries-and-backoff#errors-that-should-not-be-retried",
  },
  { query: "heartbeat lease expired", expected: "concepts/workers#leases-and-heartbeats" },
  { query: "shut down workers without losing jobs", expected: "concepts/workers#graceful-shutdown" },
  { query: "run the same job twice idempotent", expected: "concepts/jobs#idempotency-keys" },
  { query: "pause a queue", expected: "concepts/queues#pausing-and-resuming" },
  { query: "limit jobs per second", expected: "concepts/queues#rate-limits" },
  { query: "job priority", expected: "concepts/queues#priorities" },
  { query: "redis url", expected: "getting-started/installation#connect-to-redis" },
  { query: "configure with environment variables", expected: "getting-started/configuration#environment-variables" },
  { query: "cron timezone", expected: "guides/scheduling/cron#time-zones" },
  { query: "cancel a delayed job", expected: "guides/scheduling/delayed-jobs#cancelling-a-delayed-job" },
  { query: "autoscale on kubernetes", expected: "guides/deployment/kubernetes#autoscaling" },
  { query: "exactly once delivery", expected: "faq#does-acme-queue-guarantee-exactly-once-execution" },
  { query: "use it without redis", expected: "faq#can-i-use-it-without-redis" },
  { query: "cli exit code", expected: "reference/cli#exit-codes" },
  { query: "createQueue", expected: "reference/api#createqueue" },
  { query: "upgrade from v1", expected: "guides/migrating-from-v1#upgrade-order" },
  { query: "how many jobs run at once concurrency", expected: "concepts/workers#concurrency" },
  { query: "overlapping cron runs", expected: "guides/scheduling/cron#overlap-protection" },
  { query: "python sync handler", expected: "guides/python-workers#synchronous-handlers" },
];
