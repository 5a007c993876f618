// A real SMTP server on loopback for tests that follow mail the app sends (password reset,
// board invites): the app talks SMTP to it through SMTP_URL exactly as it would to a relay.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for the app's SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Asked per message: true answers 451 (a temporary failure) and keeps nothing. */
  refuse?: () => boolean;
}

/** Starts the sink; every message it accepts is pushed onto `inbox`. */
export async function startSmtpSink(
  inbox: ReceivedMail[],
  options: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        if (options.refuse?.()) {
          const refused = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(refused);
          return;
        }
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The text/plain body of a MIME message, undoing quoted-printable. */
export function plainText(raw: string): string {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const part = /Content-Type: text\/plain[^\n]*\n((?:[^\n]+\n)*)\n([\s\S]*?)(?:\n--|$)/i.exec(
    unfolded,
  );
  if (!part) return unfolded;
  const headers = part[1] ?? '';
  const content = part[2] ?? '';
  if (!/quoted-printable/i.test(headers)) return content;
  return content
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
