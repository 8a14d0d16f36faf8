import type { ReactNode } from "react";
import classes from "./PageIntro.module.css";

/** The heading block at the top of a resources page. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className={classes.intro}>
      {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
      <h1 className={classes.title}>{title}</h1>
      {children && <div className={classes.text}>{children}</div>}
    </header>
  );
}
