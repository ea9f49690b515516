// The e-mail notice staff get about a new contact message or advance form: its state as the cards
// show it. Attempts and outcome are kept by the server; this is their shape and their Spanish words.
export type NoticeStatus = 'pending' | 'sent' | 'failed';

/** `attempts`: tries made so far; `reason`: why the last one failed (Spanish), null once sent. */
export type NoticeState = { status: NoticeStatus; attempts: number; reason: string | null; updatedAt: string };

/** 'Aviso enviado', 'Aviso pendiente (reintento 3)' (three tries failed, more to come), 'Aviso fallido: <motivo>'. */
export function noticeLabel(notice: NoticeState): string {
  switch (notice.status) {
    case 'sent':
      return 'Aviso enviado';
    case 'pending':
      return `Aviso pendiente (reintento ${notice.attempts})`;
    case 'failed':
      return `Aviso fallido: ${notice.reason ?? 'motivo desconocido'}`;
  }
}
