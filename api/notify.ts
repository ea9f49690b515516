// Tells staff about new contact messages and advance forms by e-mail (SMTP_URL + NOTIFY_EMAIL),
// or in the log when mail is not configured. A minimal SMTP client: EHLO, STARTTLS, AUTH PLAIN, one message.
import net from 'node:net';
import tls from 'node:tls';
import type { Config } from './config';

type Reader = { next(): Promise<{ code: number; text: string }> };

function replies(socket: net.Socket): Reader {
  let buffer = '';
  const waiting: ((line: { code: number; text: string }) => void)[] = [];
  const ready: { code: number; text: string }[] = [];
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let match: RegExpExecArray | null;
    // A reply ends with a line "NNN text" (a space after the code); "NNN-text" lines continue it.
    while ((match = /(^|\n)(\d{3}) [^\n]*\n/.exec(buffer))) {
      const end = match.index + match[0].length;
      const reply = { code: Number(match[2]), text: buffer.slice(0, end) };
      buffer = buffer.slice(end);
      const resolve = waiting.shift();
      if (resolve) resolve(reply);
      else ready.push(reply);
    }
  };
  socket.on('data', onData);
  return { next: () => new Promise((resolve) => (ready.length ? resolve(ready.shift()!) : waiting.push(resolve))) };
}

export async function sendMail(smtpUrl: string, to: string, subject: string, text: string, from?: string): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  let socket: net.Socket = secure ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
  socket.setTimeout(15_000, () => socket.destroy(new Error('SMTP: tiempo de espera agotado')));
  let reader = replies(socket);
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const expect = async (codes: number[]) => {
    const reply = await Promise.race([reader.next(), failed]);
    if (!codes.includes(reply.code)) throw new Error(`SMTP: respuesta inesperada ${reply.text.trim()}`);
    return reply;
  };
  const send = (line: string) => socket.write(`${line}\r\n`);
  const sender = from ?? `${decodeURIComponent(url.username) || 'noreply'}@${url.hostname}`;
  try {
    await expect([220]);
    send(`EHLO localhost`);
    const ehlo = await expect([250]);
    if (!secure && /STARTTLS/i.test(ehlo.text)) {
      send('STARTTLS');
      await expect([220]);
      socket = tls.connect({ socket, servername: url.hostname });
      reader = replies(socket);
      send('EHLO localhost');
      await expect([250]);
    }
    if (url.username) {
      const token = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      send(`AUTH PLAIN ${token}`);
      await expect([235]);
    }
    send(`MAIL FROM:<${sender}>`);
    await expect([250]);
    send(`RCPT TO:<${to}>`);
    await expect([250, 251]);
    send('DATA');
    await expect([354]);
    const body = text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const encodedSubject = `=?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`;
    send(`From: <${sender}>\r\nTo: <${to}>\r\nSubject: ${encodedSubject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n.`);
    await expect([250]);
    send('QUIT');
  } finally {
    socket.end();
  }
}

export function notifier(config: Config, log: (line: string) => void = console.log): (subject: string, text: string) => Promise<void> {
  if (!config.smtpUrl || !config.notifyEmail) {
    return async (subject) => log(`[aviso] ${subject} (SMTP_URL/NOTIFY_EMAIL sin configurar: solo se registra)`);
  }
  const { smtpUrl, notifyEmail } = config;
  return (subject, text) => sendMail(smtpUrl, notifyEmail, `${config.siteName}: ${subject}`, `${text}\n\nPanel: ${config.publicUrl}/admin/dashboard`);
}
