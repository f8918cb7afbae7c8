/** "Did you mean" for page paths: edit distance over whole paths and over their last segment. */

export function closestPaths(input: string, paths: string[], limit = 5): string[] {
  const wanted = input
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, "")
    .replace(/\.mdx?$/, "");
  const wantedLeaf = wanted.slice(wanted.lastIndexOf("/") + 1);
  const scored = paths.map((path) => {
    const leaf = path.slice(path.lastIndexOf("/") + 1);
    // A path that contains what was typed (`install` → `getting-started/installation`) is the likeliest meaning.
    const contains = wantedLeaf !== "" && path.includes(wantedLeaf);
    const distance = Math.min(editDistance(wanted, path), editDistance(wantedLeaf, leaf) + 1);
    return { path, distance, contains };
  });
  scored.sort(
    (a, b) =>
      Number(b.contains) - Number(a.contains) ||
      a.distance - b.distance ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  // Keep near misses only; when nothing is near, the three least far still beat no hint at all.
  const tolerance = Math.max(2, Math.floor(wantedLeaf.length / 3));
  const near = scored.filter((entry) => entry.contains || entry.distance <= tolerance);
  return (near.length ? near : scored.slice(0, 3)).slice(0, limit).map((entry) => entry.path);
}

/** Levenshtein distance with two rows; inputs are short page paths. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
