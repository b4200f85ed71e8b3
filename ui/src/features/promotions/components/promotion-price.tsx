//! The app's price slot: a product's price after the promotion that applies to it, crossed out
//! against its compare-at (or own) price — the price the cart's quote will charge for a piece.
import { Price, type SlotPriceProps } from '../../../components/price';
import { promotionPriceView } from '../promotion-price';
import { useProductPromotion } from './promotion-badge';

export function PromotionPrice({ product, ...rest }: SlotPriceProps) {
  const discount = useProductPromotion(product);
  return <Price product={product} view={promotionPriceView(product, discount)} {...rest} />;
}
