/**
 * Golden Ask AI questions for the example site (fixtures/example, snapshots/example): each question, phrased as a
 * reader would ask it rather than with the page's title, and the page(s) that answer it. The retrieval test requires
 * each expected page in the top 5; bench/ask-ai-recall.ts prints recall@5 and the mean rank.
 */
export interface GoldenQuestion {
  question: string;
  /** Page paths (slugs) that answer it; any one of them counts. */
  expected: string[];
}

export const EXAMPLE_GOLDEN_QUESTIONS: GoldenQuestion[] = [
  { question: "How do I stop the same job from being enqueued twice?", expected: ["concepts/jobs"] },
  {
    question: "What happens to a job that keeps failing after every attempt?",
    expected: ["concepts/retries-and-backoff"],
  },
  { question: "Can I make retries wait longer each time?", expected: ["concepts/retries-and-backoff"] },
  { question: "How can I temporarily stop workers from taking jobs off a queue?", expected: ["concepts/queues"] },
  { question: "How many jobs does one worker process run at once?", expected: ["concepts/workers"] },
  {
    question: "What does a worker do when it receives SIGTERM?",
    expected: ["concepts/workers", "guides/deployment/kubernetes"],
  },
  {
    question: "Which Redis version do I need and how does the client find the server?",
    expected: ["getting-started/installation"],
  },
  {
    question: "Which options can I put in acme-queue.yaml and what are their defaults?",
    expected: ["getting-started/configuration"],
  },
  {
    question: "How do I send a welcome email a day after sign-up?",
    expected: ["guides/scheduling/delayed-jobs", "guides/scheduling"],
  },
  { question: "How do I run a report every Monday at 9 in Berlin time?", expected: ["guides/scheduling/cron"] },
  {
    question: "How do I autoscale workers on Kubernetes by how old the waiting jobs are?",
    expected: ["guides/deployment/kubernetes"],
  },
  {
    question: "What was renamed when upgrading from 1.x, and in which order do I deploy?",
    expected: ["guides/migrating-from-v1"],
  },
  { question: "Can I write handlers with asyncio?", expected: ["guides/python-workers"] },
  { question: "Which command shows the most recent failed jobs from a terminal?", expected: ["reference/cli"] },
  { question: "How do I catch an AcmeQueueError and check its code?", expected: ["reference/errors"] },
  { question: "What fields does the Job object have?", expected: ["reference/api"] },
  { question: "How are the Redis keys of a queue laid out?", expected: ["internals"] },
  { question: "Does it guarantee exactly-once execution?", expected: ["faq"] },
  { question: "How do I check that my first job completed?", expected: ["getting-started/quickstart"] },
  { question: "Can I use it in unit tests without Redis?", expected: ["faq"] },
];
