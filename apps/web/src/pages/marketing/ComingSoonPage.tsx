import { checkEmailField } from "@atrium/domain/rules/contact-form-check";
import { Button, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { useHydrated } from "../../features/content/use-hydrated";
import "../../features/contact/catalogue";
import classes from "./pages.module.css";

/** COMINGSOON: an e-mail address to write to when the next thing is ready (required, valid). */
export function Component() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "sending" | "done" | "failed">("idle");
  const [saved, setSaved] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkEmailField(email);
    setProblem(found);
    if (found) return;
    setState("sending");
    try {
      await api("/api/mailService/comingsoon/subscribe", { method: "POST", body: { email } });
      setSaved(email.trim());
      setState("done");
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fieldMessage("body.email") : undefined;
      if (fieldMessage) {
        setProblem(fieldMessage);
        setState("idle");
      } else {
        setState("failed");
      }
    }
  };

  return (
    <section className={classes.narrow}>
      <PageMeta title={t("comingSoon.metaTitle")} description={t("comingSoon.metaDescription")} />
      <img
        src="/illustrations/solutions/coming-soon.svg"
        alt=""
        width={480}
        height={360}
        className={classes.narrowImage}
      />
      <p className={classes.eyebrow}>{t("comingSoon.eyebrow")}</p>
      <h1 className={classes.title}>{t("comingSoon.title")}</h1>
      <p className={classes.lead}>{t("comingSoon.intro")}</p>
      {state === "done" ? (
        <p className={classes.done} role="status">
          {t("comingSoon.done", { email: saved })}
        </p>
      ) : (
        <form className={classes.inline} onSubmit={submit} method="post" noValidate>
          <TextInput
            name="email"
            type="email"
            autoComplete="email"
            label={t("comingSoon.emailLabel")}
            value={email}
            error={problem}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
            withAsterisk
          />
          <Button type="submit" loading={state === "sending"} disabled={!hydrated}>
            {t("comingSoon.submit")}
          </Button>
        </form>
      )}
      {state === "failed" && (
        <p className={classes.failure} role="alert">
          {t("comingSoon.failed")}
        </p>
      )}
      <h2 className={classes.subheading}>{t("comingSoon.meanwhile")}</h2>
      <p>{t("comingSoon.meanwhileText")}</p>
      <p className={classes.links}>
        <Link to={ROUTES.EXPLORE}>{t("comingSoon.explore")} →</Link>
        <Link to="/resources/guides/editor-guide-introduction">{t("comingSoon.guides")} →</Link>
      </p>
    </section>
  );
}
