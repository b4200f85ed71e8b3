//! Where the product form shows its photos: the image manager (upload, order, alt text, remove)
//! for a saved product; a product not yet saved gets its photos once it is created.
import type { Product } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { ImageManager } from './image-manager';

type ImageSlotProps = { product: Product | null; onChange: (product: Product) => void };

export function ImageSlot({ product, onChange }: ImageSlotProps) {
  const { t } = useI18n();
  if (!product) {
    return (
      <>
        <h2 class="admin-card__title">{t('admin.products.images')}</h2>
        <p class="admin-muted">{t('admin.products.imagesAfterSave')}</p>
      </>
    );
  }
  return <ImageManager code={product.code} images={product.images} alts={product.imageAlts ?? {}} version={product.version} onChange={onChange} />;
}
