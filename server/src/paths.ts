import { fileURLToPath } from 'node:url';

/** The repository root (where package.json is), whatever the working directory. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export const distDir = `${projectRoot}dist`;

/** Files whose presence means the front ends are built. */
export const builtFrontEndMarkers = [
  `${distDir}/app/index.html`,
  `${distDir}/extension/index.html`,
  `${distDir}/plugin/index.js`,
];

/** The compiled server `npm start` runs (npm run build:server writes it). */
export const compiledServerEntry = `${distDir}/server/main.js`;
