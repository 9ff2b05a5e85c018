import { Anchor, Breadcrumbs, ScrollArea, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useIsPhone } from '../../../app/use-is-phone';
import { ContactFieldsSettings } from './fields-settings';
import { RanksSettings } from './ranks-settings';
import { ContactTypesSettings, LeadSourcesSettings, StagesSettings, TagsSettings } from './settings-lists';

const SECTIONS = [
  { value: 'tags', label: 'Tags' },
  { value: 'stages', label: 'Stages' },
  { value: 'lead-sources', label: 'Lead sources' },
  { value: 'ranks', label: 'Ranks' },
  { value: 'contact-types', label: 'Contact types' },
  { value: 'contact-fields', label: 'Contact fields' },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

const isSection = (value: string | null): value is Section => SECTIONS.some((s) => s.value === value);

function SectionBody({ section }: { section: Section }) {
  switch (section) {
    case 'tags':
      return <TagsSettings />;
    case 'stages':
      return <StagesSettings />;
    case 'lead-sources':
      return <LeadSourcesSettings />;
    case 'ranks':
      return <RanksSettings />;
    case 'contact-types':
      return <ContactTypesSettings />;
    case 'contact-fields':
      return <ContactFieldsSettings />;
  }
}

/** /contacts/settings: the lists around contacts (tags, stages, lead sources, ranks, types, fields). */
export function ContactSettingsPage() {
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = isSection(requested) ? requested : 'tags';
  const choose = (value: string | null) =>
    isSection(value) && setParams({ section: value }, { replace: true });

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <div>
        <Breadcrumbs mb={4}>
          <Anchor component={Link} to="/contacts" size="sm">
            Contacts
          </Anchor>
          <Text size="sm">Settings</Text>
        </Breadcrumbs>
        <Title order={2}>Contact settings</Title>
      </div>
      {isPhone ? (
        <Select
          aria-label="Settings section"
          data={[...SECTIONS]}
          value={section}
          onChange={choose}
          allowDeselect={false}
        />
      ) : (
        <Tabs value={section} onChange={choose} keepMounted={false}>
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {SECTIONS.map((s) => (
                <Tabs.Tab key={s.value} value={s.value}>
                  {s.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
        </Tabs>
      )}
      <div role="tabpanel" aria-label={SECTIONS.find((s) => s.value === section)?.label}>
        <SectionBody section={section} />
      </div>
    </Stack>
  );
}
