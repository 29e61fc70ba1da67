/**
 * Resolves in a task of its own: what comes after it runs once the browser has had its turn to
 * paint and take input (a long task split in two, docs/performance.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
