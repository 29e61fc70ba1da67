import type { Platform } from 'shared-contracts';
import type { Translate } from 'shared-contracts';
import type { TextKey } from '../texts';
import storageIcon from '../assets/storage.svg';
import saveIcon from '../assets/save.svg';
import downloadIcon from '../assets/download.svg';
import playIcon from '../assets/play.svg';
import './benefits.css';

interface BenefitsProps {
  platform: Platform;
  t: Translate<TextKey>;
}

/** The four Premium benefits; the download one reads differently on Android. */
export function Benefits({ platform, t }: BenefitsProps) {
  const benefits: { key: TextKey; icon: string }[] = [
    { key: 'benefitStorage', icon: storageIcon },
    { key: 'benefitSave', icon: saveIcon },
    {
      key: platform === 'android' ? 'benefitAcceleration' : 'benefitCloudDownload',
      icon: downloadIcon,
    },
    { key: 'benefitSmoothPlay', icon: playIcon },
  ];
  return (
    <ul className="upgrade-benefits" aria-label={t('benefits')}>
      {benefits.map(({ key, icon }) => (
        <li key={key} className="upgrade-benefits__item">
          <img className="upgrade-benefits__icon" src={icon} alt="" aria-hidden="true" />
          <span>{t(key)}</span>
        </li>
      ))}
    </ul>
  );
}
