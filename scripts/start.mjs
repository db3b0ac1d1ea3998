// npm start: build the web app and the server if needed, then serve app and API from one process.
import { spawn } from 'node:child_process';
import { ensureServerBuild, serverEntry } from './serverBuild.mjs';
import { ensureWebBuild } from './webBuild.mjs';

ensureWebBuild();
ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
