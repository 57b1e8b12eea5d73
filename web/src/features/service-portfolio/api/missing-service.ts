import type { DescribeMissingService } from '@onsite/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/catalogue/describeMissingService`. */
export function useDescribeMissingService() {
  return useMutation({
    mutationFn: (body: DescribeMissingService) =>
      apiRequest('/catalogue/describeMissingService', { body, schema: z.object({ _id: z.string() }), handledErrors: ['validation_error'] }),
  });
}
