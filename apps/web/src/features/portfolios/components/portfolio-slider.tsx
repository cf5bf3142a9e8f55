import { useRef, useState } from 'react';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left';
import { ChevronRightIcon } from '../../../components/icons/chevron-right';
import { LazyImage } from '../../../components/lazy-image';
import { imageSrcSet, imageUrl } from '../../../lib/image-url';
import { useT } from '../../../i18n/translator';
import { imageAlt } from '../image-alt';

/**
 * A swipeable image slider (scroll snap), with arrows and dots for mouse and keyboard. Each image is
 * described by its author's text, or else by the portfolio's title and its number.
 */
export function PortfolioSlider({
  images,
  imageAlts,
  title,
}: {
  images: string[];
  imageAlts: readonly string[] | undefined;
  title: string;
}) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  const go = (next: number) => {
    const element = track.current;
    if (!element) return;
    const target = Math.max(0, Math.min(images.length - 1, next));
    element.scrollTo({ left: target * element.clientWidth });
    setIndex(target);
  };

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={t('portfolio.sliderLabel')}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        go(event.key === 'ArrowLeft' ? index - 1 : index + 1);
      }}
    >
      <div
        ref={track}
        className="slider__track"
        // Focusable, so the keyboard can scroll it (and the arrow keys move between the images).
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          setIndex(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
        }}
      >
        {images.map((file, position) => (
          <div
            key={file}
            className="slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} / ${images.length}`}
          >
            <LazyImage
              src={imageUrl(file, 1024)}
              srcSet={imageSrcSet(file, 512)}
              sizes="(min-width: 1200px) 820px, (min-width: 960px) 65vw, 100vw"
              alt={imageAlt(imageAlts, position) || t('card.image', { title, number: position + 1 })}
              ratio={16 / 10}
              priority={position === 0}
            />
          </div>
        ))}
      </div>
      {images.length > 1 ? (
        <>
          <button
            type="button"
            className="slider__nav slider__nav--prev"
            aria-label={t('portfolio.previousImage')}
            onClick={() => go(index - 1)}
            disabled={index === 0}
            hidden={index === 0}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="slider__nav slider__nav--next"
            aria-label={t('portfolio.nextImage')}
            onClick={() => go(index + 1)}
            disabled={index === images.length - 1}
            hidden={index === images.length - 1}
          >
            <ChevronRightIcon />
          </button>
          <div className="slider__dots">
            {images.map((file, position) => (
              <button
                key={file}
                type="button"
                className="slider__dot"
                aria-label={t('portfolio.showImage', { number: position + 1 })}
                aria-current={position === index}
                onClick={() => go(position)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
