// Why a notice could not be sent, in Spanish, as the cards show it ('Aviso fallido: <motivo>').
type SmtpError = { code?: string; responseCode?: number; response?: string; message?: string; command?: string };

export function failureReason(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const reply = e.response ? ` (${e.response.slice(0, 200)})` : '';
  const message = e.message ?? '';
  // nodemailer wraps socket errors (code ESOCKET / ECONNECTION): the system's code is in the message.
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return 'el servidor de correo rechazó la conexión';
  if (e.code === 'ENOTFOUND' || e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) return 'no se encontró el servidor de correo';
  if (e.code === 'ETIMEDOUT' || /ETIMEDOUT|timeout|greeting never received/i.test(message)) return 'el servidor de correo no respondió a tiempo';
  if (e.code === 'EAUTH') return `el servidor de correo rechazó el usuario o la contraseña${reply}`;
  if (e.code === 'ETLS' || /STARTTLS|TLS/i.test(message)) return 'el servidor de correo no ofrece una conexión cifrada (TLS)';
  if (e.code === 'EENVELOPE') return `el servidor de correo rechazó el destinatario${reply}`;
  if (e.responseCode && e.responseCode >= 500 && e.command === 'CONN') return `el servidor de correo rechazó la conexión${reply}`;
  if (e.responseCode && e.responseCode >= 500) return `el servidor de correo rechazó el mensaje${reply}`;
  if (e.responseCode && e.responseCode >= 400) return `el servidor de correo pidió reintentar más tarde${reply}`;
  if (e.code === 'ECONNRESET' || e.code === 'ECONNECTION' || e.code === 'ESOCKET') return 'se cortó la conexión con el servidor de correo';
  return `error de correo: ${(message || String(error)).slice(0, 200)}`;
}

/** A 5xx reply to the sender, recipient or message (not to the connection or the login) will not change by trying again; a refused login or connection may. */
export const isPermanent = (error: unknown) => {
  const e = (error ?? {}) as SmtpError;
  return e.code !== 'EAUTH' && e.code !== 'ETLS' && e.command !== 'CONN' && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
};
