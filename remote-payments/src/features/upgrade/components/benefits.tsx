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
  const benefits = [
    { id: 'storage', label: t('benefitStorage'), icon: storageIcon },
    { id: 'save', label: t('benefitSave'), icon: saveIcon },
    {
      id: 'download',
      label: platform === 'android' ? t('benefitAcceleration') : t('benefitCloudDownload'),
      icon: downloadIcon,
    },
    { id: 'play', label: t('benefitSmoothPlay'), icon: playIcon },
  ];
  return (
    <ul className="upgrade-benefits" aria-label={t('benefits')}>
      {benefits.map(({ id, label, icon }) => (
        <li key={id} className="upgrade-benefits__item">
          <img className="upgrade-benefits__icon" src={icon} alt="" aria-hidden="true" />
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}
