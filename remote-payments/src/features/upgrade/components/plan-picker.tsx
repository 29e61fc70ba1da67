import { useId, useRef, type KeyboardEvent } from 'react';
import type { Product, Translate } from 'shared-contracts';
import { formatDollars, isDiscounted, perDayPrice, savingPercent } from '../plans';
import type { TextKey } from '../texts';
import './plan-picker.css';

interface PlanPickerProps {
  products: readonly Product[];
  selected: number | null;
  onSelect(index: number): void;
  /** 'grid' on PC, 'carousel' (swipeable, scroll-snapped) on phones. */
  layout: 'grid' | 'carousel';
  t: Translate<TextKey>;
}

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];

/**
 * The plans as a radio group: one card is selected; arrow keys, Home and End move the selection
 * (and focus) like native radio buttons; only the selected card is in the Tab order.
 */
export function PlanPicker({ products, selected, onSelect, layout, t }: PlanPickerProps) {
  const headingId = useId();
  const cardIds = useId();
  const cards = useRef<(HTMLDivElement | null)[]>([]);

  const moveTo = (index: number) => {
    const count = products.length;
    const next = ((index % count) + count) % count;
    onSelect(next);
    const card = cards.current[next];
    card?.focus();
    card?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    let target: number | null = null;
    if (NEXT_KEYS.includes(event.key)) target = index + 1;
    else if (PREVIOUS_KEYS.includes(event.key)) target = index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = products.length - 1;
    else if (event.key === ' ' || event.key === 'Enter') target = index;
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <section className={`upgrade-plans upgrade-plans--${layout}`}>
      {layout === 'carousel' ? (
        <h3 id={headingId} className="upgrade-plans__heading">
          {t('choosePlan')}
        </h3>
      ) : null}
      <div
        role="radiogroup"
        className="upgrade-plans__list"
        {...(layout === 'carousel'
          ? { 'aria-labelledby': headingId }
          : { 'aria-label': t('plans') })}
      >
        {products.map((product, index) => {
          const checked = index === selected;
          const discounted = isDiscounted(product);
          const nameId = `${cardIds}-name-${index}`;
          const detailsId = `${cardIds}-details-${index}`;
          const badgeId = `${cardIds}-badge-${index}`;
          const saving = savingPercent(product, products);
          return (
            <div
              key={`${product.third_product_id}-${index}`}
              ref={(element) => {
                cards.current[index] = element;
              }}
              role="radio"
              aria-checked={checked}
              // The offer is part of the plan chosen: its badge is in the card's name.
              aria-labelledby={discounted ? `${nameId} ${badgeId}` : nameId}
              aria-describedby={detailsId}
              tabIndex={checked || (selected === null && index === 0) ? 0 : -1}
              className={`upgrade-plan${checked ? ' upgrade-plan--selected' : ''}`}
              onClick={() => onSelect(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {discounted ? (
                <span id={badgeId} className="upgrade-plan__badge">
                  {t('newUserDiscount')}
                </span>
              ) : null}
              <span id={nameId} className="upgrade-plan__name">
                {product.name}
              </span>
              <span id={detailsId} className="upgrade-plan__details">
                <span className="upgrade-plan__price">
                  {t('price', {
                    price: formatDollars(discounted ? product.discount_price : product.price),
                  })}
                </span>
                {discounted ? (
                  <s className="upgrade-plan__original">
                    <span className="uk-visually-hidden">
                      {t('originalPrice', { price: formatDollars(product.price) })}
                    </span>
                    <span aria-hidden="true">
                      {t('price', { price: formatDollars(product.price) })}
                    </span>
                  </s>
                ) : null}
                <span className="upgrade-plan__per-day">
                  {t('perDay', { price: perDayPrice(product) })}
                </span>
                {saving !== null ? (
                  <span className="upgrade-plan__saving">{t('saving', { percent: saving })}</span>
                ) : null}
              </span>
            </div>
          );
        })}
      </div>
    </section>
  );
}
