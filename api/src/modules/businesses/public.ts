// The businesses area's public interface: what other areas may import (the boundary check enforces it).
export { Business } from './business.entity.ts';
export { presentBusiness } from './business.presenter.ts';
