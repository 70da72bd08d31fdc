import { defineModule } from '../../platform/module.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { createOutbox, outboxFile } from './outbox.service.ts';

export const outboxModule = defineModule({
  name: 'outbox',
  description:
    'Mail the server could not send (no SMTP server configured): kept for the business owner to read, and in a file under the data folder.',
  businessRoutes: [outboxRoutes],
  permissions: ['outbox:read'],
  // The mailer hands unsent mail here instead of writing it to the log (platform/mailer.ts).
  onReady: async (app, { config, mailer }) => {
    mailer.keepUnsentIn(createOutbox(app.orm, config.DATA_DIR));
    if (!config.SMTP_URL) {
      app.log.info(
        { file: outboxFile(config.DATA_DIR) },
        'no SMTP_URL configured: mail is not sent, it is kept in the outbox (Settings › Outbox)',
      );
    }
  },
});
