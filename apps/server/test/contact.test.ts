import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { comingSoonSignups, mailOutbox } from "../src/db/schema/index.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { startSmtpServer } from "./support/smtp.js";

const form = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  inquiryType: "sales",
  country: "GB",
  message: "We would like a district for our museum's members.",
  company: "Analytical Engines",
};

describe("the contact form: POST /api/mailService/contactus/send", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ip = 0;
  // each test comes from its own address, so the per-IP limit only bites where it is tested
  const send = (payload: Record<string, unknown>, remoteAddress = `10.0.0.${++ip}`) =>
    t.app.inject({
      method: "POST",
      url: "/api/mailService/contactus/send",
      payload,
      remoteAddress,
    });
  const contactMails = () =>
    t.context.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "contact"));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_TO: "hello@atrium.test" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it("delivers a complete form to the contact inbox by SMTP, replies going to the sender", async () => {
    const response = await send(form);
    expect(response.statusCode).toBe(202);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(["hello@atrium.test"]);
    expect(mail?.raw).toContain("Reply-To: ada@example.com");
    expect(mail?.raw).toContain("Subject: [Contact] Plans, pricing and districts: Ada Lovelace");
    expect(mail?.raw).toContain("Country: United Kingdom (GB)");
    expect(mail?.raw).toContain("Company: Analytical Engines");
    expect(mail?.raw).toContain("We would like a district for our museum's members.");
    const outbox = await contactMails();
    expect(outbox.at(-1)).toMatchObject({ status: "sent", toAddress: "hello@atrium.test" });
  });

  it("company is optional", async () => {
    const { company: _company, ...withoutCompany } = form;
    expect((await send(withoutCompany)).statusCode).toBe(202);
    expect(smtp.received[0]?.raw).not.toContain("Company:");
  });

  it.each([
    ["firstName", { firstName: "" }, "Please let us know your first name"],
    ["lastName", { lastName: "   " }, "Please let us know your last name"],
    ["email", { email: undefined }, "Please provide an email address"],
    ["email", { email: "ada@" }, "Please provide a valid email address"],
    ["inquiryType", { inquiryType: "lunch" }, "Please select an inquiry type"],
    ["country", { country: "Atlantis" }, "Please select your country"],
    ["country", { country: undefined }, "Please select your country"],
    ["message", { message: "" }, "Please type your message"],
  ])(
    "a missing or bad %s answers 400 with the spec's message and sends nothing",
    async (field, change, message) => {
      const before = (await contactMails()).length;
      const response = await send({ ...form, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toContainEqual({ path: `body.${field}`, message });
      expect(response.json().message).toBe(`body.${field}: ${message}`);
      expect(smtp.received).toHaveLength(0);
      expect(await contactMails()).toHaveLength(before);
    },
  );

  it("a header injection attempt in the name stays in the body", async () => {
    expect((await send({ ...form, firstName: "Ada\r\nBcc: victim@example.com" })).statusCode).toBe(
      202,
    );
    expect(smtp.received[0]?.to).toEqual(["hello@atrium.test"]);
    const headers = smtp.received[0]?.raw.split("\r\n\r\n")[0];
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toContain("Subject: [Contact] Plans, pricing and districts: Ada Bcc:");
  });

  it("is rate-limited per IP: the sixth message in 15 minutes is refused with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(form, "10.9.9.9")).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await send(form, "10.9.9.10")).statusCode).toBe(202);
  });
});

describe("the contact form without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps the message in the outbox, addressed to contact@ the public host", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/mailService/contactus/send",
      payload: form,
    });
    expect(response.statusCode).toBe(202);
    const rows = await t.context.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "logged",
      toAddress: "contact@localhost",
      replyTo: "ada@example.com",
    });
  });
});

describe("the coming-soon e-mail: POST /api/mailService/comingsoon/subscribe", () => {
  let t: TestApp;
  const subscribe = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/mailService/comingsoon/subscribe", payload });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps a valid address once, answering the same the second time", async () => {
    expect((await subscribe({ email: " Grace@Example.org " })).statusCode).toBe(202);
    expect((await subscribe({ email: "grace@example.org" })).statusCode).toBe(202);
    const rows = await t.context.database.db.select().from(comingSoonSignups);
    expect(rows.map((row) => row.email)).toEqual(["grace@example.org"]);
  });

  it("requires a valid address", async () => {
    const missing = await subscribe({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      { path: "body.email", message: "Please provide an email address" },
    ]);
    const invalid = await subscribe({ email: "grace" });
    expect(invalid.json().fields).toEqual([
      { path: "body.email", message: "Please provide a valid email address" },
    ]);
  });
});
