import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp } from '../helpers/app';

/** A tiny SMTP server that accepts one message and keeps what it received. */
function fakeSmtp() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let message = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n').filter((l, i, all) => l || i < all.length - 1)) {
        if (data) {
          if (line === '.') { data = false; received.push(message); socket.write('250 queued\r\n'); }
          else message += `${line}\n`;
        } else if (/^EHLO/.test(line)) socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (/^AUTH PLAIN/.test(line)) socket.write('235 ok\r\n');
        else if (/^(MAIL|RCPT)/.test(line)) socket.write('250 ok\r\n');
        else if (line === 'DATA') { data = true; socket.write('354 go\r\n'); }
        else if (line === 'QUIT') { socket.write('221 bye\r\n'); socket.end(); }
      }
    });
  });
  return new Promise<{ port: number; received: string[]; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as net.AddressInfo).port, received, close: () => server.close() })));
}

test('staff are e-mailed when a visitor sends a contact message', async () => {
  const smtp = await fakeSmtp();
  const app = await startTestApp({ smtpUrl: `smtp://bot:secreto@127.0.0.1:${smtp.port}`, notifyEmail: 'equipo@example.com' });
  try {
    const sent = await app.client().post('/api/contact', { name: 'Lucía Fernández', email: 'lucia@example.com', message: 'Necesito un barrido en mi oficina' });
    assert.is(sent.status, 201);
    for (let i = 0; i < 50 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.is(smtp.received.length, 1);
    assert.match(smtp.received[0], 'To: <equipo@example.com>');
    assert.match(smtp.received[0], 'Lucía Fernández <lucia@example.com>');
    assert.match(smtp.received[0], 'Necesito un barrido en mi oficina');
  } finally {
    smtp.close();
    await app.close();
  }
});

test.run();
