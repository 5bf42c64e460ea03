import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
/** Valid lead bodies, shared by the handler, integration and end-to-end tests. */
export const validContact = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  subject: 'Rooftop solar',
  message: 'Please call me.',
  adult: true,
}

export const validQuote = {
  category: 'residential',
  gstMode: 'previous',
  capacityKw: 5,
  billRange: '3500-4500',
  estimatedCost: '₹3,32,000',
  name: 'Ravi Kumar',
  whatsapp: '+91 98765 43210',
  pincode: '500081',
  bill: '4200',
  agree: true,
  adult: true,
}

/** A quote staff add by hand (POST /api/admin/leads): a phone-in, so theirs and contacted. */
export const validManualLead = {
  kind: 'quote',
  channel: 'phone',
  name: 'Meena Iyer',
  whatsapp: '98765 12345',
  pincode: '560034',
  category: 'residential',
  capacityKw: 3,
  note: 'Called after seeing the hoarding; wants a site visit.',
}

/** A DynamoDB throttling error as the SDK raises it. */
export function throttlingError(): Error {
  return Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' })
}

/** A failed DynamoDB condition as the SDK raises it. */
export function conditionFailed(): Error {
  return new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} })
}
