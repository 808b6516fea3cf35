import CMicroHTTPD

/// The C callbacks handed to libmicrohttpd; each recovers the `ServerCore` from its context pointer.
enum MHDCallbacks {
    static let uriLog: marks_mhd_uri_log_callback = { context, uri, connection in
        guard let context, let connection else { return nil }
        return Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().begin(connection: connection, uri: uri)
    }

    static let acceptPolicy: MHD_AcceptPolicyCallback = { context, address, _ in
        guard let context else { return .NO }
        return Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().accepts(address) ? .YES : .NO
    }

    static let notifyConnection: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
        guard let context, let connection, let socketContext else { return }
        let connections = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().connections
        if code == .CONNECTION_NOTIFY_STARTED {
            socketContext.pointee = connections.opened(connection)
        } else if let record = socketContext.pointee {
            socketContext.pointee = nil
            connections.closed(record)
        }
    }

    static let access: MHD_AccessHandlerCallback = { context, connection, url, method, version, upload, uploadSize, slot in
        guard let context, let connection, let uploadSize, let slot else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        if slot.pointee == nil {
            slot.pointee = core.begin(connection: connection, uri: url)
        }
        guard let pointer = slot.pointee else { return .NO }
        let request = Unmanaged<RequestContext>.fromOpaque(pointer).takeUnretainedValue()
        return core.handle(request, method: method, url: url, version: version, upload: upload, uploadSize: uploadSize)
    }

    static let completed: MHD_RequestCompletedCallback = { context, _, slot, termination in
        guard let context, let slot, let pointer = slot.pointee else { return }
        slot.pointee = nil
        let request = Unmanaged<RequestContext>.fromOpaque(pointer).takeRetainedValue()
        Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().complete(request, termination: termination)
    }
}
