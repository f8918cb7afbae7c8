/** The compiled data the runtime serves, as the compiler writes it under `_docs/` (compiler/emit/runtime-bundle.ts). */

export interface SiteSettings {
  format: "quire-site.v1";
  title: string;
  description: string | null;
  entry: string;
  /** Public prefix without slashes; "" serves docs from `/`. */
  docsPath: string;
  baseUrl: string | null;
  staticExport: boolean;
  mcp: {
    enabled: boolean;
    route: string;
    name: string;
    version: string;
    tools: Record<McpToolKey, boolean>;
  };
  search: { enabled: boolean; available: boolean; provider: string; maxResults: number; chunking: "page" | "section" };
  feedback: { agent: { enabled: boolean; route: string; schemaRoute: string } };
  contentChanges: boolean;
  apiReference: { enabled: boolean; path: string };
  locales: string[];
}

export type McpToolKey = "listDocs" | "listPages" | "listTasks" | "readTask" | "getNavigation" | "searchDocs" | "readPage" | "getCodeExamples" | "getConfigSchema" | "getContext";

export interface ContractCommand { run: string; cwd?: string; description?: string }
export interface ContractVerification { description?: string; run?: string; expect?: string }
export interface ContractFailureMode { symptom: string; resolution?: string }

export interface AgentContract {
  task?: string;
  outcome?: string;
  appliesTo: { framework: string[]; version: string[]; package: string[] };
  prerequisites: string[];
  files: string[];
  commands: ContractCommand[];
  sideEffects: string[];
  verification: ContractVerification[];
  rollback: string[];
  failureModes: ContractFailureMode[];
  tokenBudget?: number;
}

export interface PageEntry {
  /** Page path (slug): "" for the root page, `guides/install` otherwise. */
  path: string;
  route: string;
  markdownRoute: string;
  title: string;
  description: string | null;
  related: string[];
  tags: string[];
  framework: string | null;
  version: string | null;
  locale: string | null;
  hidden: boolean;
  hasAgentFile: boolean;
  contract: AgentContract | null;
  lastModified: string | null;
  headings: { depth: number; text: string; id: string }[];
}

export interface SearchChunk {
  id: string;
  path: string;
  url: string;
  title: string;
  section: string | null;
  content: string;
  description?: string;
  type: "page" | "section";
}

export interface NavPage { type: "page"; name: string; url: string; route: string; icon?: string }
export interface NavFolder {
  type: "folder"; name: string; icon?: string; index?: NavPage; behavior: "link" | "toggle" | "hidden";
  children: NavNode[]; collapsible: boolean; defaultOpen: boolean; slug: string;
}
export type NavNode = NavPage | NavFolder;
export interface NavTree { name: string; children: NavNode[] }

export interface ChangesLog {
  format: "quire-changes-log.v1";
  generation: number;
  documents: Record<string, string>;
  history: { generation: number; documents: Record<string, string> }[];
}
