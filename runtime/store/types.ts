/** How the runtime reads what the compiler wrote. Paths are dist-relative, without a leading slash. */
export interface DocsStore {
  /** UTF-8 text of a file, or null when it does not exist. */
  readText(path: string): Promise<string | null>;
}
