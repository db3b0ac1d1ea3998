// npm start: build the web app if needed, then serve app and API from one process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild, root } from './webBuild.mjs';

ensureWebBuild();
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
