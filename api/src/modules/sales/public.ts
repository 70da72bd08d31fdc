// The sales area's public interface: what other areas may import (the boundary check enforces it).
export { channelById, channelByKind, ensureChannels } from './channels.service.ts';
export { importChannelOrder, recordSale } from './record-sale.ts';
