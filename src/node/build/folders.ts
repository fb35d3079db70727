// The folders of a build: the project (the working directory), its dist/ and dist-ssr/, and the new
// folders this build writes, which replace them once it is complete.
import { resolve } from 'node:path';

export const root = process.cwd();
export const dist = resolve(root, 'dist');
// Inside the project, not node_modules: worktrees that share one node_modules build at the same time.
export const ssrOut = resolve(root, 'dist-ssr');
/** Where this build writes; each replaces its folder above once the build is complete. */
export const out = `${dist}.new-${process.pid}`;
export const ssrNew = `${ssrOut}.new-${process.pid}`;
