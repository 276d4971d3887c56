import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'

/**
 * Importing this describes descriptor.proto, which protobuf-es builds from an
 * embedded table before it can read any generated file's descriptor (ours
 * are decoded with it). Done on its own, it is half of the work the sync code
 * otherwise does in one task when it first loads.
 */
export const descriptorSchema = FileDescriptorProtoSchema
