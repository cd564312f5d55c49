import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, MAX_UPLOAD_BYTES, fileUrl, uploadFile } from '../api/files';
import { notifyError } from '../ui/notify';
import { mandatory } from '../ui/mandatory';

/** Image field: uploads to POST /api/files and keeps the generated file id as the field value. */
export function ImageInput({ label, value, onChange, error, required, disabled, round, target }: {
  label: string;
  /** The field the image is for, `<entity>.<field>`: the server checks the caller may write it. */
  target?: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  round?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    if (!IMAGE_ACCEPT.split(',').includes(file.type) || file.size > MAX_UPLOAD_BYTES) {
      notifyError(t('form.uploadError'), undefined);
      return;
    }
    setBusy(true);
    try {
      const up = await uploadFile(file, target);
      onChange(up.id);
    } catch (e) {
      notifyError(t('form.uploadError'), e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Wrapper label={label} {...mandatory(required)} error={error} description={t('form.imageHelp')}>
      <Group mt={6} gap="md">
        <Avatar src={fileUrl(value)} size={64} radius={round ? 'xl' : 'md'} alt="" />
        <Stack gap={6}>
          <FileButton onChange={pick} accept={IMAGE_ACCEPT} disabled={disabled}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={busy} leftSection={<IconUpload size={14} />}>
                {t('form.chooseImage')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} />} onClick={() => onChange(null)} disabled={disabled}>
              <Text span size="xs">{t('common.remove')}</Text>
            </Button>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
