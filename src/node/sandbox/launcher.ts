// The tiny program that starts a tool inside the sandbox. The sandbox has its
// own network namespace with only loopback, so the launcher listens on
// 127.0.0.1:<port> there and pipes each connection to the egress proxy's unix
// socket, bind-mounted from our process; then it runs `<interpreter> <script>
// <json>` with the inherited stdio and reports how the script ended as JSON on
// fd 3, which the script itself does not inherit.

/** Inside the sandbox: where the runtime folder (launcher + socket) is mounted. */
export const SANDBOX_RUNTIME = '/run/forge';
export const SANDBOX_SOCKET = `${SANDBOX_RUNTIME}/proxy.sock`;
export const SANDBOX_LAUNCHER = `${SANDBOX_RUNTIME}/launcher.cjs`;
/** The forwarder's port on the sandbox's private loopback. */
export const SANDBOX_PROXY_PORT = 3128;

/** What the launcher writes to fd 3. */
export interface LauncherStatus {
  code?: number | null;
  signal?: string | null;
  error?: string;
}

export const LAUNCHER_SOURCE = `'use strict';
const net = require('net');
const fs = require('fs');
const { spawn } = require('child_process');
const [sock, port, interpreter, script, input] = process.argv.slice(2);
const report = (s) => { try { fs.writeSync(3, JSON.stringify(s)); } catch {} };
const server = net.createServer((c) => {
  const up = net.connect(sock);
  const end = () => { c.destroy(); up.destroy(); };
  c.on('error', end); up.on('error', end); c.on('close', end); up.on('close', end);
  c.pipe(up); up.pipe(c);
});
server.on('error', (e) => { report({ error: 'egress forwarder: ' + e.message }); process.exit(70); });
server.listen(Number(port), '127.0.0.1', () => {
  const child = spawn(interpreter, [script, input], { stdio: 'inherit' });
  child.on('error', (e) => {
    report({ error: e.code === 'ENOENT' ? interpreter + ' is not installed (not found on the sandbox PATH)' : e.message });
    process.exit(127);
  });
  child.on('exit', (code, signal) => { report({ code, signal }); process.exit(0); });
});
`;
