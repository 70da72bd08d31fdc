import { useSearchParams } from 'react-router-dom';
import { TransferDetail } from './transfer-detail.tsx';
import { TransferForm } from './transfer-form.tsx';
import { TransferList } from './transfer-list.tsx';

/**
 * inventory/transfer: one route for the list (`?status=`), a new transfer (`?new`) and one transfer
 * (`?transfer={id}`), so the browser's back button walks between them.
 */
export function TransferPage() {
  const [params, setParams] = useSearchParams();
  const transferId = params.get('transfer');
  const open = (id: string) => setParams({ transfer: id });
  const toList = () => setParams({});

  if (params.has('new')) return <TransferForm onCreated={open} onCancel={toList} />;
  if (transferId !== null && transferId !== '') return <TransferDetail transferId={transferId} onBack={toList} />;
  return <TransferList onOpen={open} onNew={() => setParams({ new: '' })} />;
}
