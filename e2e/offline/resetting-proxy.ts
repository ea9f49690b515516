// A dead access point or a captive portal, as the browser meets it: the browser still says online,
// but every connection to the server is reset. A TCP proxy in front of the test server that forwards
// while healthy and resets every connection (the open ones too) while refusing. It can also stand for
// the reverse proxy in front of a production app whose process is down: every request gets the proxy's
// own error page (502, 503, 504) instead of the app's answer.
import net from 'node:net';

export class ResettingProxy {
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();
  private refusing = false;
  private answering: number | null = null;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      if (this.refusing) return client.resetAndDestroy();
      const status = this.answering;
      if (status !== null) return answerWithError(client, status);
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.open.add(socket);
        socket.on('close', () => this.open.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }

  /** Every connection from now on is reset, and the open ones too. */
  refuse(): void {
    this.refusing = true;
    for (const socket of this.open) socket.resetAndDestroy();
  }

  /** Every request from now on is answered with this status by the proxy itself; open connections are cut. */
  answer(status: number): void {
    this.answering = status;
    for (const socket of this.open) socket.destroy();
  }

  heal(): void {
    this.refusing = false;
    this.answering = null;
  }

  async stop(): Promise<void> {
    this.refuse();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The proxy's own error page, after the request's head has arrived; the connection is then closed. */
function answerWithError(client: net.Socket, status: number): void {
  client.on('error', () => undefined);
  let head = '';
  client.on('data', (chunk) => {
    if (head.includes('\r\n\r\n')) return;
    head += chunk.toString('latin1');
    if (!head.includes('\r\n\r\n')) return;
    const body = `<html><body><h1>${status} proxy</h1></body></html>`;
    client.end(`HTTP/1.1 ${status} Proxy Error\r\nContent-Type: text/html\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  });
}
