//! The options of a product on its page (docs/VARIANTS.md §5): one radio group per option, colour
//! options as round swatches (the photo of the variant the value leads to, else the value's
//! colour) with the value's name under each, other options as buttons. Each option offers its
//! values beside the choices of the options above it (`lib/variants.ts`): a value whose variants
//! there are all sold out is crossed out, one that does not exist there is faded; both are
//! disabled and say why to screen readers. Native radios give the keyboard rules for free (Tab
//! into the group, arrow keys between the values that can be chosen).
import { resizedUrl } from '../../../lib/images';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { swatchImage, valueStates, valueText, type ValueState, type Variant, type VariantProduct } from '../../../lib/variants';
import './variant-picker.css';

type Props = {
  product: VariantProduct;
  current: Variant;
  onChoose: (option: number, value: number) => void;
};

export function VariantPicker({ product, current, onChoose }: Props) {
  const { t, locale } = useI18n();
  const options = product.options ?? [];
  const why: Partial<Record<ValueState, string>> = { soldOut: t('product.valueSoldOut'), missing: t('product.valueMissing') };
  return (
    <div class="variant-picker" data-testid="variant-picker">
      {options.map((option, index) => {
        const states = valueStates(product, current, index);
        const chosen = option.values[current.values[index] ?? -1];
        const swatches = option.kind === 'colour';
        const name = pickText(option.name, locale);
        return (
          <fieldset
            key={index}
            class={`variant-option variant-option--${swatches ? 'swatches' : 'buttons'}`}
            role="radiogroup"
            aria-labelledby={`option-${product.code}-${index}-name`}
          >
            <legend class="variant-option__legend" id={`option-${product.code}-${index}-name`}>
              {name}
              {chosen ? <span class="variant-option__chosen" aria-hidden="true">: {valueText(chosen, locale)}</span> : null}
            </legend>
            <div class="variant-option__values">
              {option.values.map((value, valueIndex) => {
                const state = states[valueIndex] ?? 'missing';
                const text = valueText(value, locale);
                const photo = swatches ? swatchImage(product, current, index, valueIndex) : null;
                const soldOutChosen = state === 'chosen' && current.stock <= 0;
                return (
                  <label
                    key={valueIndex}
                    class={`variant-value variant-value--${state}${soldOutChosen ? ' variant-value--soldOut' : ''}`}
                    title={why[state] ? `${text}: ${why[state]}` : undefined}
                  >
                    <input
                      type="radio"
                      class="variant-value__input"
                      name={`option-${product.code}-${index}`}
                      value={String(valueIndex)}
                      aria-label={why[state] ? `${text}, ${why[state]}` : undefined}
                      checked={state === 'chosen'}
                      disabled={state === 'soldOut' || state === 'missing'}
                      onChange={() => onChoose(index, valueIndex)}
                    />
                    {swatches ? (
                      <span class="variant-value__swatch" style={value.swatch ? { background: value.swatch } : undefined} aria-hidden="true">
                        {photo ? <img src={resizedUrl(photo, 160)} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
                      </span>
                    ) : null}
                    <span class="variant-value__text">{text}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
