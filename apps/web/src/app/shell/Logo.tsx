import { Link } from "react-router";
import { ROUTES } from "../paths";
import classes from "./Header.module.css";

export function Logo({ label }: { label: string }) {
  return (
    <Link to={ROUTES.HOME} className={classes.logo} aria-label={label}>
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#3DABFF" />
        <path d="M14 46 32 14l18 32H14Zm10-6h16l-8-15-8 15Z" fill="#fff" />
      </svg>
      <span>{label}</span>
    </Link>
  );
}
