//! The WebRTC side: one peer connection with one reliable, ordered data channel, set up by
//! copying codes (see [`super::signal`]) instead of a signalling server.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceGatheringState, RtcIceServer, RtcPeerConnection, RtcSdpType,
    RtcSessionDescriptionInit,
};

use super::signal::Signal;

/// How long to wait for ICE gathering before sending what has been gathered.
const GATHER_MS: i32 = 4_000;

/// What the link reports to its owner.
pub enum LinkEvent {
    Open,
    Message(String),
    Closed,
}

type Handler = Rc<dyn Fn(LinkEvent)>;

/// What the connection's callbacks share: the channel (the guest gets it later), the owner's
/// handler, and the closures that must live as long as the connection.
#[derive(Clone)]
struct Shared {
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    handler: Handler,
    closures: Rc<RefCell<Vec<Box<dyn std::any::Any>>>>,
}

impl Shared {
    fn keep(&self, c: impl std::any::Any) {
        self.closures.borrow_mut().push(Box::new(c));
    }

    fn attach(&self, channel: RtcDataChannel) {
        let h = self.handler.clone();
        let on_open = Closure::<dyn Fn()>::new(move || h(LinkEvent::Open));
        let h = self.handler.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
            if let Some(text) = ev.data().as_string() {
                h(LinkEvent::Message(text));
            }
        });
        let h = self.handler.clone();
        let on_close = Closure::<dyn Fn()>::new(move || h(LinkEvent::Closed));
        channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        let open = channel.ready_state() == RtcDataChannelState::Open;
        *self.channel.borrow_mut() = Some(channel);
        self.keep(on_open);
        self.keep(on_message);
        self.keep(on_close);
        if open {
            (self.handler)(LinkEvent::Open);
        }
    }
}

/// A peer connection and its data channel. Dropping it closes the connection.
pub struct Link {
    pc: RtcPeerConnection,
    shared: Shared,
}

impl Drop for Link {
    /// Detaches every callback first: the browser may still fire events for a closed connection,
    /// and the closures are dropped with the link.
    fn drop(&mut self) {
        if let Some(c) = self.shared.channel.borrow().as_ref() {
            c.set_onopen(None);
            c.set_onmessage(None);
            c.set_onclose(None);
            c.close();
        }
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_ondatachannel(None);
        self.pc.set_onicegatheringstatechange(None);
        self.pc.close();
    }
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

fn new_pc(ice: &[String]) -> Result<RtcPeerConnection, String> {
    let config = RtcConfiguration::new();
    let servers = js_sys::Array::new();
    // A line is `URL [user password]` (a TURN server needs the two).
    for line in ice {
        let mut parts = line.split_whitespace();
        let Some(url) = parts.next() else { continue };
        let server = RtcIceServer::new();
        server.set_urls(&JsValue::from_str(url));
        if let (Some(user), Some(password)) = (parts.next(), parts.next()) {
            server.set_username(user);
            server.set_credential(password);
        }
        servers.push(&server);
    }
    config.set_ice_servers(&servers);
    RtcPeerConnection::new_with_configuration(&config).map_err(js_err)
}

impl Link {
    fn new(pc: RtcPeerConnection, handler: Handler) -> Link {
        let shared = Shared {
            channel: Rc::new(RefCell::new(None)),
            handler,
            closures: Rc::new(RefCell::new(Vec::new())),
        };
        let h = shared.handler.clone();
        let pc2 = pc.clone();
        let on_state = Closure::<dyn Fn()>::new(move || {
            use web_sys::RtcPeerConnectionState as S;
            if matches!(
                pc2.connection_state(),
                S::Failed | S::Closed | S::Disconnected
            ) {
                h(LinkEvent::Closed);
            }
        });
        pc.set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));
        shared.keep(on_state);
        Link { pc, shared }
    }

    /// Sends a text message; `false` if the channel is not open.
    pub fn send(&self, text: &str) -> bool {
        self.shared
            .channel
            .borrow()
            .as_ref()
            .filter(|c| c.ready_state() == RtcDataChannelState::Open)
            .is_some_and(|c| c.send_with_str(text).is_ok())
    }

    pub fn is_open(&self) -> bool {
        self.shared
            .channel
            .borrow()
            .as_ref()
            .is_some_and(|c| c.ready_state() == RtcDataChannelState::Open)
    }

    /// The host: makes the offer. Returns the link and the invitation code.
    pub async fn offer(
        ice: &[String],
        handler: impl Fn(LinkEvent) + 'static,
    ) -> Result<(Link, String), String> {
        let link = Link::new(new_pc(ice)?, Rc::new(handler));
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = link
            .pc
            .create_data_channel_with_data_channel_dict("vrhcaby", &init);
        link.shared.attach(channel);
        let offer = JsFuture::from(link.pc.create_offer())
            .await
            .map_err(js_err)?;
        let offer: RtcSessionDescriptionInit = offer.unchecked_into();
        JsFuture::from(link.pc.set_local_description(&offer))
            .await
            .map_err(js_err)?;
        let code = link.gathered_code().await?;
        Ok((link, code))
    }

    /// The guest: answers an invitation code. Returns the link and the answer code.
    pub async fn answer(
        ice: &[String],
        offer_code: &str,
        handler: impl Fn(LinkEvent) + 'static,
    ) -> Result<(Link, String), String> {
        let offer = Signal::decode(offer_code).map_err(|e| e.to_string())?;
        let link = Link::new(new_pc(ice)?, Rc::new(handler));
        let shared = link.shared.clone();
        let on_channel =
            Closure::<dyn Fn(RtcDataChannelEvent)>::new(move |ev: RtcDataChannelEvent| {
                shared.attach(ev.channel());
            });
        link.pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        link.shared.keep(on_channel);
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(&offer.to_sdp());
        JsFuture::from(link.pc.set_remote_description(&desc))
            .await
            .map_err(js_err)?;
        let answer = JsFuture::from(link.pc.create_answer())
            .await
            .map_err(js_err)?;
        let answer: RtcSessionDescriptionInit = answer.unchecked_into();
        JsFuture::from(link.pc.set_local_description(&answer))
            .await
            .map_err(js_err)?;
        let code = link.gathered_code().await?;
        Ok((link, code))
    }

    /// The host: takes the guest's answer code; the channel opens shortly after. The future does
    /// not borrow the link.
    pub fn accept(
        &self,
        answer_code: &str,
    ) -> impl std::future::Future<Output = Result<(), String>> + 'static {
        let pc = self.pc.clone();
        let answer = Signal::decode(answer_code).map_err(|e| e.to_string());
        async move {
            let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
            desc.set_sdp(&answer?.to_sdp());
            JsFuture::from(pc.set_remote_description(&desc))
                .await
                .map(|_| ())
                .map_err(js_err)
        }
    }

    /// Waits for ICE gathering (at most [`GATHER_MS`]) and encodes the local description.
    async fn gathered_code(&self) -> Result<String, String> {
        if self.pc.ice_gathering_state() != RtcIceGatheringState::Complete {
            let pc = self.pc.clone();
            let done = js_sys::Promise::new(&mut |resolve, _| {
                let r = resolve.clone();
                let pc2 = pc.clone();
                let on_change = Closure::<dyn Fn()>::new(move || {
                    if pc2.ice_gathering_state() == RtcIceGatheringState::Complete {
                        let _ = r.call0(&JsValue::NULL);
                    }
                });
                pc.set_onicegatheringstatechange(Some(on_change.as_ref().unchecked_ref()));
                on_change.forget();
                if let Some(w) = web_sys::window() {
                    let _ = w
                        .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
                }
            });
            JsFuture::from(done).await.map_err(js_err)?;
        }
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or("no local description")?;
        Ok(Signal::from_sdp(&sdp).map_err(|e| e.to_string())?.encode())
    }
}
