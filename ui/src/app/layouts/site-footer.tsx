//! The footer: about text, information links, social links, copyright 2020 and policy links.
import { Link } from 'wouter';
import { SocialLinks } from '../../features/contact/components/social-links';
import { InfoLinks } from '../../features/navigation/components/info-links';
import { useStore } from '../../lib/create-store';
import { websitedata } from '../../lib/website-data';
import { useI18n } from '../../i18n/i18n-store';

export function SiteFooter() {
  const { t } = useI18n();
  const shop = useStore(websitedata, (data) => data.shop);
  const tel = t('footer.tel').trim();
  return (
    <footer class="site-footer">
      <div class="container site-footer__grid">
        <div class="site-footer__brand">
          <p class="site-footer__name">{shop.name}</p>
          <p class="site-footer__about">{t('seo.description')}</p>
          {tel ? <p class="site-footer__tel">{tel}</p> : null}
        </div>
        <div>
          <h2 class="site-footer__title">{t('footer.infoTitle')}</h2>
          <InfoLinks />
        </div>
        <div>
          <h2 class="site-footer__title">{t('footer.followTitle')}</h2>
          <SocialLinks />
          <a class="site-footer__catalogue" href={shop.catalogUrl} target="_blank" rel="noopener">
            {t('infoBar.catalogue')}
          </a>
        </div>
      </div>
      <div class="site-footer__bottom">
        <div class="container site-footer__bottom-inner">
          <p>{t('footer.copyright')}</p>
          <ul class="site-footer__policies">
            <li>
              <Link href="/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link href="/terms">{t('footer.terms')}</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
