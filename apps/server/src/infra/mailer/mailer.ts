import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Database } from "../../db/client.js";
import { mailOutbox } from "../../db/schema/index.js";

export interface MailMessage {
  /** What the mail is for (contact, password-reset...): kept in the outbox for support. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface MailResult {
  id: string;
  status: "sent" | "failed" | "logged";
}

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  /** Retries failed deliveries (and ones a crashed instance left half-done). */
  retryFailed(): Promise<number>;
}

interface MailLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A delivery claimed this long ago and not finished belonged to an instance that died. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * Writes every message to the outbox first, so nothing is lost if delivery fails. Without
 * SMTP_URL (the embedded default) the message is only logged, body included, so that a
 * developer can follow a password-reset link; with SMTP_URL it is delivered by nodemailer.
 */
export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  logger: MailLogger;
}): Mailer {
  const { db, logger, from } = options;
  // whether mail is delivered is known at once; nodemailer itself loads with the first mail
  const { smtpUrl } = options;
  const transport = smtpUrl ? true : null;
  let transporter: Promise<Transporter> | null = null;
  const openTransport = (url: string) =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(url),
    ));

  async function deliver(id: string, message: MailMessage): Promise<MailResult> {
    if (!smtpUrl) return { id, status: "logged" };
    try {
      await (await openTransport(smtpUrl)).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date() })
        .where(eq(mailOutbox.id, id));
      return { id, status: "sent" };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ status: "failed", lastError: reason.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
      logger.warn(
        { mailId: id, kind: message.kind, err: reason },
        "mail delivery failed; will retry",
      );
      return { id, status: "failed" };
    }
  }

  return {
    async send(message) {
      const id = crypto.randomUUID();
      await db.insert(mailOutbox).values({
        id,
        kind: message.kind,
        toAddress: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        status: transport ? "sending" : "logged",
        attempts: transport ? 1 : 0,
        claimedAt: transport ? new Date() : null,
      });
      if (!transport) {
        logger.info(
          {
            mailId: id,
            kind: message.kind,
            to: message.to,
            subject: message.subject,
            text: message.text,
          },
          "mail logged (no SMTP_URL): not delivered",
        );
      }
      return deliver(id, message);
    },

    async retryFailed() {
      if (!transport) return 0;
      // the claim flips the status to 'sending' in one statement, so a second instance
      // running the same update no longer matches the row: each message is retried once
      const claimed = await db
        .update(mailOutbox)
        .set({
          status: "sending",
          claimedAt: new Date(),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(
          and(
            lt(mailOutbox.attempts, MAX_DELIVERY_ATTEMPTS),
            or(
              eq(mailOutbox.status, "failed"),
              and(
                eq(mailOutbox.status, "sending"),
                lt(mailOutbox.claimedAt, new Date(Date.now() - STALE_CLAIM_MS)),
              ),
            ),
          ),
        )
        .returning();
      for (const row of claimed) {
        await deliver(row.id, {
          kind: row.kind,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          ...(row.htmlBody ? { html: row.htmlBody } : {}),
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        });
      }
      return claimed.length;
    },
  };
}
