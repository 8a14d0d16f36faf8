import { TIMEOUTS } from "@atrium/domain/constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./HomePage.module.css";

const SLIDES = ["gallery", "classroom", "showroom", "eventHall"] as const;

/**
 * The hero's carousel: kinds of spaces, one every 3000 ms (spec 2 §9.1). It pauses while
 * pointed at or focused, can be paused for good, and stays still for visitors who ask for
 * reduced motion. Slides cross-fade in place, so nothing around them moves.
 */
export function HeroCarousel() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || hovered) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(
      () => setCurrent((index) => (index + 1) % SLIDES.length),
      TIMEOUTS.carouselIntervalMs,
    );
    return () => clearInterval(timer);
  }, [paused, hovered]);

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={t("home.hero.carouselLabel")}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className={classes.carouselFrame}>
        {SLIDES.map((key, index) => (
          <figure
            key={key}
            className={classes.carouselSlide}
            data-active={index === current || undefined}
            aria-roledescription="slide"
            aria-hidden={index !== current}
          >
            <img
              src={`/illustrations/hero/${key}.svg`}
              alt=""
              width={720}
              height={540}
              // the first slide is the page's largest paint: fetched first, drawn with the text
              {...(index === 0
                ? { fetchPriority: "high" as const }
                : { loading: "lazy" as const, decoding: "async" as const })}
            />
            <figcaption>
              <strong>{t(`home.hero.slides.${key}.title`)}</strong>
              <span>{t(`home.hero.slides.${key}.caption`)}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className={classes.carouselControls}>
        {SLIDES.map((key, index) => (
          <button
            key={key}
            type="button"
            className={classes.dot}
            aria-label={t("home.hero.slideLabel", { title: t(`home.hero.slides.${key}.title`) })}
            aria-current={index === current || undefined}
            onClick={() => setCurrent(index)}
          />
        ))}
        <button
          type="button"
          className={classes.pause}
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? t("home.hero.play") : t("home.hero.pause")}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
            {paused ? (
              <path d="M7 4v16l13-8z" fill="currentColor" />
            ) : (
              <path d="M7 4h4v16H7zM14 4h4v16h-4z" fill="currentColor" />
            )}
          </svg>
        </button>
      </div>
    </section>
  );
}
