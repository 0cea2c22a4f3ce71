import { PageTitle } from '../../../shared/components/PageTitle';
import { PublicLayout } from '../../../shared/components/PublicLayout';

export function PricingPage() {
  return (
    <PublicLayout>
      <PageTitle title="Pricing" subtitle="Start free. Upgrade to Creator Pro when you are ready." />
    </PublicLayout>
  );
}
