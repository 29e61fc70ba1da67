import { CONTRACT_VERSION, type StandaloneHostProps } from 'shared-contracts';

export const contractVersion = CONTRACT_VERSION;

export default function StandaloneHost({ children }: StandaloneHostProps) {
  return <>{children({} as never)}</>;
}
