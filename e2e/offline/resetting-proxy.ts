// A dead access point or a captive portal, as the browser meets it: the browser still says online,
// but every connection to the server is reset. A TCP proxy in front of the test server that forwards
// while healthy and resets every connection (the open ones too) while refusing.
import net from 'node:net';

export class ResettingProxy {
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();
  private refusing = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      if (this.refusing) return client.resetAndDestroy();
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

  heal(): void {
    this.refusing = false;
  }

  async stop(): Promise<void> {
    this.refuse();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
