import { Badge, Text, Title } from '@mantine/core';
import type { KioskContact } from '@opsuite/shared/contracts/kiosk';
import { kioskDisplayName, kioskRankOf } from '@opsuite/shared/rules/kiosk';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone-display';
import { IconMail, IconPhone, IconUserQuestion } from '@tabler/icons-react';
import { UserAvatar } from '../components/avatar';
import { KIOSK_TEXT } from './kiosk-toast';
import classes from './overlays.module.css';

/** The member's avatar, full name, email and phone, or No Contact Selected. */
export function ContactPanel({ contact }: { contact: KioskContact | null }) {
  if (!contact) {
    return (
      <div className={classes.contactEmpty} data-testid="contact-panel">
        <IconUserQuestion size={56} stroke={1.2} aria-hidden />
        <Text fw={500} c="dimmed">
          {KIOSK_TEXT.noContact}
        </Text>
      </div>
    );
  }
  // React escapes every text node and attribute: names are never injected as HTML.
  const name = kioskDisplayName(contact);
  // The spec's fallbacks: rank name, title or label; badge image or image.
  const rank = kioskRankOf(contact);
  const phone = formatPhoneDisplay(contact.phone);
  return (
    <div className={classes.contactCard} data-testid="contact-panel">
      <UserAvatar name={name} src={contact.photo} size={120} />
      <Title order={2} size="h3" ta="center" className={classes.contactName}>
        {name}
      </Title>
      {rank && (
        <Badge
          size="lg"
          variant="light"
          data-testid="contact-rank"
          leftSection={rank.image ? <img src={rank.image} alt="" className={classes.rankImage} /> : undefined}
        >
          {rank.name}
        </Badge>
      )}
      <div className={classes.contactLines}>
        {contact.email && (
          <Text className={classes.contactLine}>
            <IconMail size={18} aria-hidden />
            <span>{contact.email}</span>
          </Text>
        )}
        {phone && (
          <Text className={classes.contactLine}>
            <IconPhone size={18} aria-hidden />
            <span>{phone}</span>
          </Text>
        )}
      </div>
    </div>
  );
}
