//! The home page: introduction with the featured products slider, rooms, new arrivals,
//! categories and the e-catalogue (those below the introduction come a task later in the first render).
import { Link } from 'wouter';
import { Icon } from '../../components/icon';
import { Later } from '../../components/later';
import { CategoryChips } from '../../features/catalog/components/category-chips';
import { FeaturedSlider } from '../../features/catalog/components/featured-slider';
import { NewArrivals } from '../../features/catalog/components/new-arrivals';
import { RoomsGrid } from '../../features/catalog/components/rooms-grid';
import { useStore } from '../../lib/create-store';
import { useDocumentTitle } from '../../lib/document-title';
import { websitedata } from '../../lib/website-data';
import { useI18n } from '../../i18n/i18n-store';
import { HeroIllustration } from './hero-illustration';

export function HomePage() {
  const { t } = useI18n();
  const catalogUrl = useStore(websitedata, (data) => data.shop.catalogUrl);
  useDocumentTitle(null);
  return (
    <div class="home">
      <section class="hero" aria-labelledby="home-title">
        <div class="hero__text">
          <p class="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 id="home-title" class="hero__title">
            {t('home.title')}
          </h1>
          <p class="hero__intro">{t('home.intro')}</p>
          <div class="hero__actions">
            <Link href="/room" class="button button--accent">
              <Icon name="sofa" size={18} />
              <span>{t('home.browseRooms')}</span>
            </Link>
            <a href={catalogUrl} class="button button--ghost-light" target="_blank" rel="noopener">
              <Icon name="download" size={18} />
              <span>{t('home.catalogueTitle')}</span>
            </a>
          </div>
        </div>
        {/* Without products to feature (none yet, or the list failed) the illustration stays. */}
        <FeaturedSlider fallback={<HeroIllustration />} />
      </section>

      <Later>
        <section class="home-section" aria-labelledby="home-rooms">
          <div class="home-section__head">
            <h2 id="home-rooms" class="home-section__title">
              {t('home.browseRooms')}
            </h2>
            <Link href="/room" class="home-section__more">
              {t('rooms.title')}
              <Icon name="chevron-right" size={16} />
            </Link>
          </div>
          <RoomsGrid />
        </section>

        <section class="home-section" aria-labelledby="home-new">
          <div class="home-section__head">
            <h2 id="home-new" class="home-section__title">
              {t('home.newArrivals')}
            </h2>
          </div>
          <NewArrivals label={t('home.newArrivals')} />
        </section>

        <section class="home-section" aria-labelledby="home-categories">
          <div class="home-section__head">
            <h2 id="home-categories" class="home-section__title">
              {t('home.browseCategories')}
            </h2>
            <Link href="/category" class="home-section__more">
              {t('categories.all')}
              <Icon name="chevron-right" size={16} />
            </Link>
          </div>
          <CategoryChips />
        </section>

        <section class="catalogue-card" aria-labelledby="home-catalogue">
          <span class="catalogue-card__icon">
            <Icon name="book" size={36} />
          </span>
          <div class="catalogue-card__text">
            <h2 id="home-catalogue" class="catalogue-card__title">
              {t('home.catalogueTitle')}
            </h2>
            <p>{t('home.catalogueText')}</p>
          </div>
          <a href={catalogUrl} class="button" target="_blank" rel="noopener">
            <Icon name="download" size={18} />
            <span>{t('infoBar.catalogue')}</span>
          </a>
        </section>
      </Later>
    </div>
  );
}
