// A real SMTP server (the `smtp-server` package) on 127.0.0.1 for notice tests: it accepts, refuses
// (421 at connection), stalls (never greets) or rejects the recipient (550) as the test says, can go
// down and come back on the same port, and keeps every message it accepted, parsed by mailparser.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

type SmtpMode = 'accept' | 'refuse' | 'stall' | 'reject-recipient';
type Failure = Error & { responseCode?: number };

export type TestSmtp = {
  port: number;
  received: ParsedMail[];
  /** Credentials the server saw (none when the client refused to log in without TLS). */
  logins: string[];
  mode: SmtpMode;
  /** Stops listening: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

const failure = (code: number, message: string): Failure => Object.assign(new Error(message), { responseCode: code });

export async function startSmtp(options: { user?: string; pass?: string } = {}): Promise<TestSmtp> {
  let server: SMTPServer | null = null;
  const smtp: TestSmtp = {
    port: 0,
    received: [],
    logins: [],
    mode: 'accept',
    async start() {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        authOptional: !options.user,
        logger: false,
        closeTimeout: 200,
        onConnect(_session, callback) {
          if (smtp.mode === 'refuse') return callback(failure(421, 'Servicio no disponible, intente más tarde'));
          if (smtp.mode === 'stall') return; // never answers: the client's greeting timeout decides
          callback();
        },
        onAuth(auth, _session, callback) {
          smtp.logins.push(`${auth.username}:${auth.password}`);
          if (auth.username === options.user && auth.password === options.pass) return callback(null, { user: auth.username });
          callback(failure(535, 'Credenciales inválidas'));
        },
        onRcptTo(address, _session, callback) {
          if (smtp.mode === 'reject-recipient') return callback(failure(550, `Buzón inexistente: ${address.address}`));
          callback();
        },
        onData(stream, _session, callback) {
          simpleParser(stream).then((mail) => {
            smtp.received.push(mail);
            callback();
          }, callback);
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(smtp.port, '127.0.0.1', () => resolve());
      });
      smtp.port = ((listening as any).server.address() as AddressInfo).port;
    },
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    close: () => smtp.stop(),
  };
  await smtp.start();
  return smtp;
}
