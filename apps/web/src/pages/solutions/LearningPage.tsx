import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PageMeta } from "../../app/shell/PageMeta";
import { CallToAction, type TitledText } from "../../features/marketing/MarketingPage";
import classes from "./solutions.module.css";
import "./catalogue";

type ImageCard = TitledText & { image: string };

/**
 * LEARNING, the template page (spec 1 §2): hero video, a 6-item grid, three image cards,
 * three 'make it easy' items and a closing call to contact. Kept out of search engines.
 */
export function Component() {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  // a moving picture only for visitors who have not asked for less motion
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) video.current?.pause();
  }, []);
  const list = <T,>(key: string) => t(`solutions.learning.${key}`, { returnObjects: true }) as T[];
  return (
    <>
      <PageMeta
        title={t("meta.learning.title")}
        description={t("meta.learning.description")}
        noindex
      />
      <section className={classes.learningHero}>
        <p className={classes.eyebrow}>{t("solutions.learning.eyebrow")}</p>
        <h1>{t("solutions.learning.title")}</h1>
        <p>{t("solutions.learning.intro")}</p>
        <video
          ref={video}
          className={classes.video}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster="/illustrations/learning/poster.svg"
          width={1280}
          height={720}
          aria-label={t("solutions.learning.videoLabel")}
        >
          <source src="/media/learning-tour.webm" type="video/webm" />
        </video>
      </section>

      <section className={classes.section}>
        <h2>{t("solutions.learning.gridTitle")}</h2>
        <ul className={classes.grid6}>
          {list<TitledText>("grid").map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={classes.section}>
        <h2>{t("solutions.learning.cardsTitle")}</h2>
        <ul className={classes.imageCards}>
          {list<ImageCard>("cards").map((card) => (
            <li key={card.title}>
              <img src={card.image} alt="" width={480} height={360} loading="lazy" />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={classes.section}>
        <h2>{t("solutions.learning.easyTitle")}</h2>
        <ul className={classes.easy}>
          {list<TitledText>("easy").map((item) => (
            <li key={item.title}>
              <span className={classes.tick} aria-hidden="true">
                ✓
              </span>
              <div>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <CallToAction
        title={t("solutions.learning.ctaTitle")}
        text={t("solutions.learning.ctaText")}
        button={t("solutions.learning.ctaButton")}
      />
    </>
  );
}
