import { countryOptions } from "@atrium/domain/countries";
import {
  type ContactField,
  type ContactFormProblems,
  checkContactForm,
  INQUIRY_TYPES,
} from "@atrium/domain/rules/contact-form-check";
import { Button, NativeSelect, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../api/client";
import { useHydrated } from "../content/use-hydrated";
import classes from "./ContactForm.module.css";
import "./catalogue";
import "../../i18n/areas/contact-form";

type Values = Record<ContactField, string>;

const EMPTY: Values = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  country: "",
  inquiryType: "",
  message: "",
};

const COUNTRIES = countryOptions();

/**
 * The contact form (spec 2 §3.9, §5.3): checked here with the same rules and messages as the
 * server, sent as JSON to the mail service, and told apart from a refusal (rate limit) or a
 * failure. The country is picked by name and sent as its ISO code.
 */
export function ContactForm({ idPrefix }: { idPrefix?: string }) {
  const { t } = useTranslation();
  const generatedId = useId();
  const prefix = idPrefix ?? generatedId;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<ContactFormProblems>({});
  const [status, setStatus] = useState<"idle" | "sending" | "sent" | "failed" | "limited">("idle");
  // the prerendered form is readable without JavaScript; sending it needs the script
  const hydrated = useHydrated();

  const set = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // a corrected field stops showing its message
    if (problems[field]) setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const focusFirstProblem = (found: ContactFormProblems) => {
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkContactForm(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(found);
      return;
    }
    setStatus("sending");
    try {
      await api("/api/mailService/contactus/send", {
        method: "POST",
        body: { ...values, company: values.company.trim() || undefined },
      });
      setStatus("sent");
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body.fields) {
        const fromServer: ContactFormProblems = {};
        for (const field of error.body.fields) {
          const name = field.path.replace(/^body\./, "") as ContactField;
          if (name in EMPTY) fromServer[name] = field.message;
        }
        setProblems(fromServer);
        focusFirstProblem(fromServer);
        setStatus("idle");
      } else {
        setStatus(error instanceof ApiError && error.status === 429 ? "limited" : "failed");
      }
    }
  };

  if (status === "sent") {
    return (
      <div className={classes.sent} role="status">
        <h3>{t("contactUi.sentTitle")}</h3>
        <p>{t("contactUi.sentText")}</p>
        <Button variant="light" onClick={() => setStatus("idle")}>
          {t("contactUi.sendAnother")}
        </Button>
      </div>
    );
  }

  const field = (name: ContactField) => ({
    id: `${prefix}-${name}`,
    name,
    value: values[name],
    error: problems[name],
    onChange: (event: { currentTarget: { value: string } }) => set(name)(event.currentTarget.value),
  });

  return (
    <form ref={formRef} className={classes.form} onSubmit={submit} method="post" noValidate>
      <div className={classes.row}>
        <TextInput
          {...field("firstName")}
          label={t("contactUi.firstName")}
          autoComplete="given-name"
          withAsterisk
        />
        <TextInput
          {...field("lastName")}
          label={t("contactUi.lastName")}
          autoComplete="family-name"
          withAsterisk
        />
      </div>
      <div className={classes.row}>
        <TextInput
          {...field("email")}
          type="email"
          label={t("contactUi.email")}
          autoComplete="email"
          withAsterisk
        />
        <TextInput
          {...field("company")}
          label={t("contactUi.company")}
          autoComplete="organization"
        />
      </div>
      <div className={classes.row}>
        <NativeSelect
          {...field("country")}
          label={t("contactUi.country")}
          autoComplete="country"
          withAsterisk
          data={[
            { value: "", label: t("contactUi.chooseCountry") },
            ...COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
          ]}
        />
        <NativeSelect
          {...field("inquiryType")}
          label={t("contactUi.inquiryType")}
          withAsterisk
          data={[
            { value: "", label: t("contactUi.chooseInquiry") },
            ...INQUIRY_TYPES.map((type) => ({
              value: type,
              label: t(`contactForm.inquiryTypes.${type}`),
            })),
          ]}
        />
      </div>
      <Textarea
        {...field("message")}
        label={t("contactUi.message")}
        minRows={5}
        autosize
        maxRows={14}
        withAsterisk
      />
      {(status === "failed" || status === "limited") && (
        <p className={classes.failure} role="alert">
          {status === "limited" ? t("errors.tooManyRequests") : t("contactUi.failed")}
        </p>
      )}
      <div className={classes.actions}>
        <Button type="submit" size="md" loading={status === "sending"} disabled={!hydrated}>
          {t("contactUi.send")}
        </Button>
        {/* a <noscript> would not hydrate: this line is simply gone once the script runs */}
        {!hydrated && <p className={classes.privacy}>{t("contactUi.needsScript")}</p>}
        <p className={classes.privacy}>
          {t("contactUi.privacyBefore")} <a href="/privacy-notice">{t("contactUi.privacyLink")}</a>
          {t("contactUi.privacyAfter")}
        </p>
      </div>
    </form>
  );
}
