import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema/index.js";
import { createMailer } from "../src/infra/mailer/mailer.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { startSmtpServer } from "./support/smtp.js";

describe("the mailer", () => {
  let database: TestDatabase;
  const logger = pino({ level: "silent" });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const outboxRow = async (id: string) =>
    (await database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  it("without SMTP_URL writes the message to the outbox and logs it, delivering nothing", async () => {
    const mailer = createMailer({
      db: database.handle.db,
      smtpUrl: undefined,
      from: "Atrium <no-reply@localhost>",
      logger,
    });
    const result = await mailer.send({
      kind: "test",
      to: "ada@example.test",
      subject: "Hello",
      text: "Hi Ada",
    });
    expect(result.status).toBe("logged");
    expect(await outboxRow(result.id)).toMatchObject({
      status: "logged",
      toAddress: "ada@example.test",
      subject: "Hello",
    });
  });

  it("with SMTP_URL delivers through a real SMTP server", async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({
        db: database.handle.db,
        smtpUrl: smtp.url,
        from: "Atrium <no-reply@localhost>",
        logger,
      });
      const result = await mailer.send({
        kind: "test",
        to: "grace@example.test",
        subject: "Your space is live",
        text: "Visit it",
        replyTo: "support@example.test",
      });
      expect(result.status).toBe("sent");
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(["grace@example.test"]);
      expect(smtp.received[0]?.raw).toContain("Subject: Your space is live");
      expect(smtp.received[0]?.raw).toContain("Reply-To: support@example.test");
      expect(await outboxRow(result.id)).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it("keeps a message whose delivery failed and delivers it on retry, once", async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close(); // the server is down when the message is sent
    const down = createMailer({
      db: database.handle.db,
      smtpUrl: url,
      from: "a@localhost",
      logger,
    });
    const result = await down.send({
      kind: "test",
      to: "x@example.test",
      subject: "Retry me",
      text: "...",
    });
    expect(result.status).toBe("failed");
    expect(await outboxRow(result.id)).toMatchObject({ status: "failed", attempts: 1 });

    const back = await startSmtpServer();
    try {
      const instanceA = createMailer({
        db: database.handle.db,
        smtpUrl: back.url,
        from: "a@localhost",
        logger,
      });
      const instanceB = createMailer({
        db: database.handle.db,
        smtpUrl: back.url,
        from: "a@localhost",
        logger,
      });
      const retried = await Promise.all([instanceA.retryFailed(), instanceB.retryFailed()]);
      expect(retried[0] + retried[1]).toBe(1);
      expect(back.received.filter((mail) => mail.raw.includes("Retry me"))).toHaveLength(1);
      expect(await outboxRow(result.id)).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await back.close();
    }
  });
});
