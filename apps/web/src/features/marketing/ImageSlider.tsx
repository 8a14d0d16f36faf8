import { IMAGE_SLIDER, TIMEOUTS } from "@atrium/domain/constants";
import { type CSSProperties, useRef, useState } from "react";
import classes from "./ImageSlider.module.css";
import { createSliderGate, wrapIndex } from "./slider-state";

export interface Slide {
  src: string;
  title: string;
}

/**
 * The image slider of the interface kit (spec 2 §4, §9.3): a 442 px main area that moves left
 * or right with wraparound in a 0.5 s transition, ignoring clicks while it moves, and 62x46
 * thumbnails that jump to their image.
 */
export function ImageSlider({
  slides,
  label,
  previousLabel,
  nextLabel,
  thumbnailLabel,
}: {
  slides: readonly Slide[];
  label: string;
  previousLabel: string;
  nextLabel: string;
  thumbnailLabel: (index: number, slide: Slide) => string;
}) {
  const [index, setIndex] = useState(0);
  const gate = useRef(createSliderGate(TIMEOUTS.sliderTransitionMs));

  const goTo = (target: number) => {
    if (target === index || !gate.current.tryStart(performance.now())) return;
    setIndex(target);
  };

  return (
    <section
      className={classes.slider}
      aria-roledescription="carousel"
      aria-label={label}
      style={
        {
          "--slider-height": `${IMAGE_SLIDER.heightPx}px`,
          "--thumb-width": `${IMAGE_SLIDER.thumbnailWidthPx}px`,
          "--thumb-height": `${IMAGE_SLIDER.thumbnailHeightPx}px`,
          "--slider-duration": `${TIMEOUTS.sliderTransitionMs}ms`,
        } as CSSProperties
      }
    >
      <div className={classes.viewport}>
        <div
          className={classes.track}
          style={{ transform: `translateX(-${index * 100}%)` }}
          onTransitionEnd={() => gate.current.release()}
        >
          {slides.map((slide, position) => (
            <figure
              key={slide.src}
              className={classes.slide}
              aria-roledescription="slide"
              aria-hidden={position !== index}
            >
              <img
                src={slide.src}
                alt=""
                width={800}
                height={442}
                loading="lazy"
                decoding="async"
              />
              <figcaption>{slide.title}</figcaption>
            </figure>
          ))}
        </div>
        <button
          type="button"
          className={classes.arrow}
          data-side="previous"
          aria-label={previousLabel}
          onClick={() => goTo(wrapIndex(index, -1, slides.length))}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="m15 5-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
        <button
          type="button"
          className={classes.arrow}
          data-side="next"
          aria-label={nextLabel}
          onClick={() => goTo(wrapIndex(index, 1, slides.length))}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
      </div>
      <div className={classes.thumbnails}>
        {slides.map((slide, position) => (
          <button
            key={slide.src}
            type="button"
            className={classes.thumbnail}
            aria-label={thumbnailLabel(position, slide)}
            aria-current={position === index || undefined}
            onClick={() => goTo(position)}
          >
            <img src={slide.src} alt="" width={62} height={46} loading="lazy" decoding="async" />
          </button>
        ))}
      </div>
    </section>
  );
}
